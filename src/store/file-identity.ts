/** The service's way to folders/file-identity.ts (service may not import folders/ itself). */
export { type FileIdentityWatch, watchFileIdentity } from "../folders/file-identity.js";
