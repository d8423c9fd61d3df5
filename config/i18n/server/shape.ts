/** The English catalogue of an area has the German one's shape: a key in one language only is a type error. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
