// Import rules of one part of the project; see docs/decisions/005-ownership-and-layers.md.
export default [];
