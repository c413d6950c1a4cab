/** Which admin calls are writes the audit log records, and as what action: read from the route alone. */
export interface AdminWrite {
  resource: string;
  action: string;
}

/** Resources whose POST makes something other than a plain record: a user is invited, not created. */
const CREATE_ACTION: Record<string, string> = { users: 'invite' };

const ADMIN_ROUTE = /^\/_api\/admin\/([^/]+)(?:\/(.*))?$/i;

/**
 * `POST /x` create, `POST /x/update` and `PUT /x/:id` update, `POST /x/delete` and `DELETE /x/:id` delete,
 * `POST /x/bulk` bulk, `GET /x/export.csv` export, any other POST its last path segment (restore,
 * preview-link). Autosaves are not logged: they change no record (each is kept as a revision instead).
 */
export function describeAdminWrite(method: string, routePath: string): AdminWrite | null {
  const match = ADMIN_ROUTE.exec(routePath);
  if (!match) return null;
  const resource = match[1];
  const rest = match[2] ?? '';
  switch (method.toUpperCase()) {
    case 'GET':
      return rest.startsWith('export') ? { resource, action: 'export' } : null;
    case 'PUT':
    case 'PATCH':
      return { resource, action: 'update' };
    case 'DELETE':
      return { resource, action: 'delete' };
    case 'POST': {
      if (rest === '') return { resource, action: CREATE_ACTION[resource] ?? 'create' };
      if (rest === 'update' || rest === 'delete' || rest === 'bulk') return { resource, action: rest };
      const last = rest.split('/').pop() ?? '';
      if (last === 'autosave') return null;
      return { resource, action: last };
    }
    default:
      return null;
  }
}
