/**
 * The branch of an exhaustive `switch` over a union that the compiler proves unreachable: `value`
 * is typed `never`, so a new member of the union fails to compile until it is handled. Should a
 * value the types did not foresee come in anyway, it throws, naming what it was.
 */
export function unhandled(what: string, value: never): never {
  throw new Error(`unhandled ${what} ${JSON.stringify(value)}`);
}
