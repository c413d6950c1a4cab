import { PayoutClaimList } from './PayoutClaimList.js';
import { PayoutClaimEdit } from './PayoutClaimEdit.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: PayoutClaimList, edit: PayoutClaimEdit };
