/** The store as it is, calling `onRead` at each `read` of a stream: what a test of a cache counts. */
export function countingReads<Store extends object>(store: Store, onRead: () => void): Store {
  return new Proxy(store, {
    get: (target, property, receiver) => {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'read' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return (...args: unknown[]) => (onRead(), (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}
