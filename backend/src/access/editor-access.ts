import { applyDecorators } from '@nestjs/common';
import { Roles, TakesUploads } from './route-labels.js';

/**
 * Routes editors may call besides admins (issue #20), as common/roles.ts's EDITOR_ACCESS says: on a method, the
 * reads of a resource editors only read; on a controller, a resource they write. The roles test walks the route
 * table and holds every /_api/admin route's label equal to that table.
 */
export const EditorsToo = () => Roles('admin', 'editor');
/** Uploads by admins and editors (the post editor's images). */
export const StaffUploads = () => applyDecorators(EditorsToo(), TakesUploads());
