import type { ArtisanPreview } from '#shared/schemas/artisan.js';
import { apiUpload } from '#web/lib/write-request.js';

/** POST /api/artisan/preview: the file's bytes as they are; writes nothing (docs/product-guide.md#artisan-import). */
export const previewArtisan = (file: Blob): Promise<ArtisanPreview> => apiUpload<ArtisanPreview>('/artisan/preview', file, 'application/octet-stream');
