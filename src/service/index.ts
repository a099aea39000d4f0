/**
 * Entry point of the embedded v2.1 service. Reached lazily, and only from the
 * client's in-process transport and from the `serve` command.
 */
import type { BackupCounts } from "../store/backup.js";
import type { CommunityAdmin } from "./communities.js";
import type { AppAdmin } from "./oauth-apps.js";
import type {
  HttpServerOptions,
  RunningServer,
  ServeAdmin,
  Service,
  ServiceOptions,
} from "./types.js";

export type { BackupCounts } from "../store/backup.js";
export { StorePlaceError } from "../store/database-place.js";
export type { CommunityAdmin } from "./communities.js";
export type { AddedApp, AppAdmin, AppInfo, NewApp } from "./oauth-apps.js";
export { isStorageFailure, storageFailureLine } from "./storage-failure.js";
export type {
  AccountAdmin,
  HttpServerOptions,
  KeyInfo,
  OAuthSettings,
  RunningServer,
  ServeAdmin,
  Service,
  ServiceOptions,
  UserInfo,
} from "./types.js";

export async function openService(options: ServiceOptions): Promise<Service> {
  const { createService } = await import("./app.js");
  return createService(options);
}

/** Users and API keys of a served database, without starting the service. */
export async function openServeAdmin(dbPath: string): Promise<ServeAdmin> {
  const { createServeAdmin } = await import("./accounts.js");
  return createServeAdmin(dbPath);
}

/** Community administration of a served database (`tourney serve community`). */
export async function openCommunityAdmin(dbPath: string): Promise<CommunityAdmin> {
  const { createCommunityAdmin } = await import("./communities.js");
  return createCommunityAdmin(dbPath);
}

/** A consistent one-file copy of a database another process may hold (`tourney serve backup`). */
export async function backupDatabase(source: string, target: string): Promise<BackupCounts> {
  const { backupDatabase: backup } = await import("../store/backup.js");
  return backup(source, target);
}

/** Registered OAuth applications of a served database (`tourney serve app`). */
export async function openAppAdmin(dbPath: string): Promise<AppAdmin> {
  const { createAppAdmin } = await import("./oauth-apps.js");
  return createAppAdmin(dbPath);
}

/** Serves the service over HTTP (node:http). */
export async function startHttpServer(
  service: Service,
  options: HttpServerOptions,
): Promise<RunningServer> {
  const { listen } = await import("./http-server.js");
  const { limitHeapGrowth } = await import("./heap-budget.js");
  limitHeapGrowth();
  return listen(service, options);
}
