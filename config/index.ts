export * from './roles.ts';
export * from './resource.ts';
export * from './access.ts';
export * from './constants.ts';
export * from './channels.ts';
export * from './abilities.ts';
export * from './routes.ts';
export { resources, resourceByName } from './resources/index.ts';
