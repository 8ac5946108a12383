// The order limits, apart from the schemas that enforce them: a client that only shows or
// checks them (the member app's cart) gets two numbers, not zod.
export const MAX_ORDER_LINES = 20;
export const MAX_LINE_QUANTITY = 99;
