// The login form's schema on its own, for `import()`: a static import here lets the bundler
// keep only what it needs (zod and the accounts schemas), not the whole contract.
export { loginInput } from '@antique/shared';
