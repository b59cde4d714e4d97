export const ACTION_METHODS = {} as const;
