/** Debugging-kit commands (console, evaluate, network, emulation). */
export const DEVTOOLS_METHODS = {} as const;
