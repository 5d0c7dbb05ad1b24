export { createCore, type Core } from './create-core';
export type { CorePorts, SecretStore, PreferencesStore, DemoGateway, DemoStartOptions, DemoStateStore, DemoFiguresQuery, ShellPort, Logger, Clock } from './ports';
export { createFileSecretStore, createMemorySecretStore } from './storage/file-secret-store';
export { createJsonPreferencesStore } from './storage/json-preferences-store';
export { createConsoleLogger } from './logging/console-logger';
export { joinTeam, TEAM_ENV, type TeamJoinRequest } from './team/team-config';
export { joinSavedTeam } from './team/settings/team-settings';
