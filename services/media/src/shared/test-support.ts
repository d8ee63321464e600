// What the media rules' own tests share.

/** The error a function throws, or undefined when it returns. */
export const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
};
