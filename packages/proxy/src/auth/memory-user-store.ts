import type { DemoUser, UserStore } from '../types.js';

/**
 * Creates the in-memory {@link UserStore} of the demo sign-up: users keyed by id and by
 * normalised e-mail. Lost on restart, which signs everybody out (their cookies name unknown ids).
 *
 * @example
 * const proxy = createProxy({ ...options, userStore: createMemoryUserStore() });
 */
export function createMemoryUserStore(): UserStore {
  const byId = new Map<string, DemoUser>();
  const idByEmail = new Map<string, string>();
  return {
    async findByEmail(email) {
      const id = idByEmail.get(email);
      return id === undefined ? undefined : byId.get(id);
    },
    async findById(userId) {
      return byId.get(userId);
    },
    async create(user) {
      if (idByEmail.has(user.email) || byId.has(user.userId)) {
        throw new Error('A user with this e-mail or id already exists');
      }
      const stored = { ...user };
      byId.set(stored.userId, stored);
      idByEmail.set(stored.email, stored.userId);
      return stored;
    },
  };
}
