/** pg-boss's internal Manager class (no types of its own): only its prototype is touched (pg-boss-guard.ts). */
declare module 'pg-boss/src/manager.js' {
  const Manager: { prototype: object };
  export default Manager;
}
