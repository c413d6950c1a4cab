// The post form's rules live in common/post-form.ts (unit-tested there); re-exported for the screens.
export * from '../../../../common/post-form.js';
