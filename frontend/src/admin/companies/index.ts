import { CompanyList } from './CompanyList.js';
import { FirmProfileEdit } from './FirmProfileEdit.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: CompanyList };

/** A firm's profile (/admin/companies/:id/profile): a route of the resource's own, which <Resource> has no prop for. */
export { FirmProfileEdit };
