/**
 * The most participants one bulk_add request may carry (the service refuses
 * more). The embedded backend sends a longer roster in requests of this size
 * inside one transaction (client/bulk-add.ts); a remote service may cap it lower.
 */
export const MAX_BULK_ADD = 1000;
