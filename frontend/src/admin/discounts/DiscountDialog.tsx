import { useState } from 'react';
import { CreateBase, EditBase, useNotify, type Identifier } from 'react-admin';
import { withVersion } from '../components/versioned.js';
import type { AdminDiscountDto } from '../../../../common/api-types.js';
import { TOAST } from '../../../../common/messages.js';
import { errorMessage } from '../components/errors.js';
import { FormDialog } from '../components/FormDialog.js';
import { DiscountInputs } from './DiscountInputs.js';
import { DiscountProof } from './DiscountProof.js';
import { recordToPayload } from './discount-form.js';

const transform = (data: Partial<AdminDiscountDto>) => recordToPayload(data);

/** 'Add New Discount' (docs/spec.md §2): a `<CreateBase>` form in SPEC's dialog; it stays open when the server refuses. */
export function DiscountCreate({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  return (
    <CreateBase
      resource="discounts"
      redirect={false}
      record={{ status: 'active' }}
      transform={transform}
      mutationOptions={{
        onSuccess: () => {
          notify(TOAST.discountCreated, { type: 'success' });
          onClose();
        },
        onError: (e) => notify(TOAST.failed('create discount', errorMessage(e)), { type: 'error' }),
      }}
    >
      <FormDialog title="Add New Discount" submitLabel="Create Discount" onClose={onClose} busy={uploading}>
        <DiscountInputs onUploading={setUploading} />
      </FormDialog>
    </CreateBase>
  );
}

/** 'Edit Discount': `<EditBase>` loads the one discount (GET /:id) and saves it pessimistically (no undo window). */
export function DiscountEdit({ id, onClose }: { id: Identifier; onClose: () => void }) {
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  return (
    <EditBase
      resource="discounts"
      id={id}
      redirect={false}
      mutationMode="pessimistic"
      transform={withVersion(transform)}
      mutationOptions={{
        onSuccess: () => {
          notify(TOAST.discountUpdated, { type: 'success' });
          onClose();
        },
        onError: (e) => notify(TOAST.failed('update discount', errorMessage(e)), { type: 'error' }),
      }}
    >
      <FormDialog title="Edit Discount" submitLabel="Update Discount" onClose={onClose} busy={uploading} waitForRecord>
        <DiscountInputs onUploading={setUploading} />
        <DiscountProof />
      </FormDialog>
    </EditBase>
  );
}
