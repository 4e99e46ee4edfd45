/// <reference types="vite/client" />
/**
 * Every named mutation, by name: the modules under `mutations/<capability>/`
 * are collected at build time, so a new mutation is registered by its own
 * module alone. The outbox engine, the answer handling and the toasts look
 * entries up here.
 */
import { isMutation, type Mutation } from "./mutation";

const modules = import.meta.glob<Record<string, unknown>>(["./*/*.ts", "!./*/*.test.ts"], { eager: true });

function collect(): Map<string, Mutation> {
  const byName = new Map<string, Mutation>();
  for (const [file, exports] of Object.entries(modules)) {
    for (const value of Object.values(exports)) {
      if (!isMutation(value)) continue;
      if (byName.has(value.name)) throw new Error(`Two mutations are named ${value.name} (${file})`);
      byName.set(value.name, value);
    }
  }
  return byName;
}

const mutations = collect();

/** The mutation stored under `name`, or undefined (an entry of an unknown kind). */
export function mutationNamed(name: string): Mutation | undefined {
  return mutations.get(name);
}

/** Every registered mutation (tests, the upgrade of old entries). */
export function allMutations(): Mutation[] {
  return [...mutations.values()];
}
