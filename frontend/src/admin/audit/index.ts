import { AuditLogList } from './AuditLogList.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: AuditLogList };
