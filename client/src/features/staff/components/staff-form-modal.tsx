import { useId, useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ModalActions } from '@/components/ui/modal-actions';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { ApiError } from '@/session/api-client';
import { roles, type Role } from '@shared/domain/permissions';
import { staffMessages, type StaffMember } from '@shared/schemas/staff';
import { saveStaff } from '../api/save-staff';
import { updateStaff } from '../api/update-staff';
import { newRecordId } from '@shared/sync/record-id';

interface StaffFormModalProps {
  /** null adds a new staff member; a member edits that one. */
  member: StaffMember | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Spec 5, Staff form: password required for new staff, optional on edit; default role Staff, inactive. */
export function StaffFormModal({ member, onClose, onSaved }: StaffFormModalProps) {
  const [name, setName] = useState(member?.name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [phoneNo, setPhoneNo] = useState(member?.phoneNo ?? '');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(member?.role ?? 'Staff');
  const [status, setStatus] = useState(member?.status ?? false);
  const id = useId();
  // One key per attempt at this form: a retry after a lost connection cannot create the account
  // twice; after a refusal (which the server remembers under the key) the next attempt gets a new one.
  const idempotencyKey = useRef(newRecordId());

  const { saving, submit } = useFormSubmit(
    async () => {
      const fields = { name, email, phoneNo, password, role, status };
      try {
        if (member) await updateStaff(idempotencyKey.current, { ...fields, id: member.id });
        else await saveStaff(idempotencyKey.current, fields);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 0)) idempotencyKey.current = newRecordId();
        throw error;
      }
      toast.success(staffMessages.saved);
      onSaved();
      onClose();
    },
    (error) => (error instanceof Error ? error.message : String(error)),
  );

  return (
    <Modal title={member ? 'Edit Staff Member' : 'Add New Staff Member'} onClose={onClose}>
      <form onSubmit={submit} noValidate className="staff-form">
        {/* Explicit labels: a label wrapping a control would add the control's value to its name. */}
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} autoFocus />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone No</label>
          <input id={`${id}-phone`} type="tel" value={phoneNo} maxLength={30} onChange={(e) => setPhoneNo(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            value={password}
            maxLength={200}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            placeholder={member ? 'Leave blank to keep the current password' : 'At least 8 characters'}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox-field">
          <input type="checkbox" checked={status} onChange={(e) => setStatus(e.target.checked)} />
          <span>Active status</span>
        </label>
        <ModalActions onCancel={onClose} saving={saving} saveLabel={member ? 'Update' : 'Save'} />
      </form>
    </Modal>
  );
}
