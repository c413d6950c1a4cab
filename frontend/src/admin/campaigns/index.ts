import { CampaignList } from './CampaignList.js';
import { CampaignCreate } from './CampaignCreate.js';
import { CampaignEdit } from './CampaignEdit.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: CampaignList, create: CampaignCreate, edit: CampaignEdit };
