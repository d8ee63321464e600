import { describe, expect, it } from 'vitest';
import * as serviceKit from './index';
import { hostPackages } from './module-compiler';

describe("the service kit a compiled module shares with its process", () => {
  it("is the whole of the index's exports, module discovery's included", () => {
    const shared = hostPackages({ discoverModules: serviceKit.discoverModules, modulesDirs: serviceKit.modulesDirs })['@airwave/service-kit']!;
    expect(Object.keys(shared).sort()).toEqual(Object.keys(serviceKit).sort());
    for (const [name, value] of Object.entries(serviceKit)) expect(shared[name], name).toBe(value);
  });
});
