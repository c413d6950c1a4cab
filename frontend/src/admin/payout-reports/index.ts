import { PayoutReportList } from './PayoutReportList.js';
import { PayoutReportEdit } from './PayoutReportEdit.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: PayoutReportList, edit: PayoutReportEdit };
