import { useId, useRef } from 'react';
import { toast } from '@/components/ui/toast-store';
import { logoTooLargeMessage, maxLogoBytes } from '@shared/schemas/company';

const acceptedTypes = ['image/png', 'image/jpeg', 'image/gif'];
const notAnImageMessage = 'The logo must be a PNG, JPG or GIF image.';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

interface LogoUploadProps {
  value: string;
  onChange: (dataUrl: string) => void;
}

/** Logo with preview; a file that is not a PNG, JPG or GIF, or is over 2 MB, is refused at once and nothing changes. */
export function LogoUpload({ value, onChange }: LogoUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = ''; // picking the same file again still fires
    if (!file) return;
    if (!acceptedTypes.includes(file.type)) return void toast.warning(notAnImageMessage);
    if (file.size > maxLogoBytes) return void toast.warning(logoTooLargeMessage);
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      toast.error('The logo could not be read. Try another file.');
    }
  }

  return (
    <div className="logo-upload">
      <div className="logo-preview">{value ? <img src={value} alt="Company logo preview" /> : <span className="muted">No logo</span>}</div>
      <div className="logo-controls">
        <label htmlFor={inputId} className="btn btn-secondary">
          {value ? 'Change logo' : 'Upload logo'}
        </label>
        <input
          ref={input}
          id={inputId}
          className="logo-file-input"
          type="file"
          accept={acceptedTypes.join(',')}
          aria-label="Company logo"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        {value && (
          <button type="button" className="btn btn-small btn-danger" onClick={() => onChange('')}>
            Remove logo
          </button>
        )}
        <p className="muted logo-hint">PNG, JPG, or GIF. Max size 2MB.</p>
      </div>
    </div>
  );
}
