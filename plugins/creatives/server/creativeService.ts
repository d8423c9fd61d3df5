/**
 * What the creative tools use of the booking plugin's creative service, in one place: its file store (advertiser
 * files under DATA_DIR/uploads, served by the ad server at /banner/file/:id), the template renderer the ad server
 * serves /banner?id= with, and the standard sizes it renders. The generator's banners are the same template_ad
 * banners the creative service makes for a booking, so the ad server, the approvals and the booking wizard take
 * them as they are.
 */
export { STANDARD_SIZES, ensureDefaultTemplates } from '../../booking/server/kit.ts';
export { fileIdOf, findFile, publicFileUrl, storeFile, type StoredFile } from '../../booking/server/kit.ts';
export { placeholderList, renderTemplate, type Placeholder, type PlaceholderValues } from '../../booking/server/kit.ts';
