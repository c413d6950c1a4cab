import { useState } from 'react';
import { CreateBase, EditBase, useNotify, type Identifier } from 'react-admin';
import { withVersion } from '../components/versioned.js';
import { TOAST } from '../../../../common/messages.js';
import { errorMessage } from '../components/errors.js';
import { FormDialog } from '../components/FormDialog.js';
import { CompanyInputs, recordToCompanyPayload } from './CompanyInputs.js';


/** 'Add New Company' (docs/spec.md §2): a `<CreateBase>` form in SPEC's dialog. */
export function CompanyCreate({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  return (
    <CreateBase
      resource="companies"
      redirect={false}
      record={{ featured: false }}
      transform={recordToCompanyPayload}
      mutationOptions={{
        onSuccess: () => {
          notify(TOAST.companyCreated, { type: 'success' });
          onClose();
        },
        onError: (e) => notify(TOAST.failed('create company', errorMessage(e)), { type: 'error' }),
      }}
    >
      <FormDialog title="Add New Company" submitLabel="Create Company" onClose={onClose} busy={uploading}>
        <CompanyInputs onUploading={setUploading} />
      </FormDialog>
    </CreateBase>
  );
}

/**
 * 'Edit Company': `<EditBase>` loads the one company and saves pessimistically. Marking a firm featured unmarks
 * the others on the server; react-admin refetches the list after the save, so the grid shows one '#1 CHOICE'.
 */
export function CompanyEdit({ id, onClose }: { id: Identifier; onClose: () => void }) {
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  return (
    <EditBase
      resource="companies"
      id={id}
      redirect={false}
      mutationMode="pessimistic"
      transform={withVersion(recordToCompanyPayload)}
      mutationOptions={{
        onSuccess: () => {
          notify(TOAST.companyUpdated, { type: 'success' });
          onClose();
        },
        onError: (e) => notify(TOAST.failed('update company', errorMessage(e)), { type: 'error' }),
      }}
    >
      <FormDialog title="Edit Company" submitLabel="Update Company" onClose={onClose} busy={uploading} waitForRecord>
        <CompanyInputs onUploading={setUploading} />
      </FormDialog>
    </EditBase>
  );
}
