/** A problem the operator can act on; the command-line tools print its message alone. */
export class OperationsError extends Error {}
