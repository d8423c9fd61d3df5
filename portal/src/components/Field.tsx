/** Labelled form controls with the validation message underneath (linked for screen readers). */
import { useId, type ReactNode } from 'react';

interface Common {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: string;
  optional?: string;
  className?: string;
}

function Message({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) return <p id={id} className="field__error">{error}</p>;
  return hint ? <p id={id} className="field__hint">{hint}</p> : null;
}

export function TextField({
  label, name, error, hint, optional, className, value, onChange, type = 'text', autoComplete, placeholder, min, step, inputMode,
}: Common & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number' | 'url';
  autoComplete?: string;
  placeholder?: string;
  min?: number;
  step?: number;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'url';
}) {
  const id = useId();
  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> ({optional})</span>}
      </label>
      <input
        id={id}
        className="field__input"
        name={name}
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        min={min}
        step={step}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <Message id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label, name, error, hint, className, value, onChange, placeholder, options,
}: Common & {
  value: string;
  onChange: (value: string) => void;
  /** First entry, disabled: the select starts on it until a real choice is made. */
  placeholder: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label className="field__label" htmlFor={id}>{label}</label>
      <select
        id={id}
        className="field__input field__select"
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="" disabled>{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
      <Message id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxField({
  label, name, error, className, checked, onChange,
}: Common & { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className={`field field--checkbox ${error ? 'field--invalid' : ''} ${className ?? ''}`}>
      <input
        id={id}
        type="checkbox"
        className="field__checkbox"
        name={name}
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="field__check-label" htmlFor={id}>{label}</label>
      <Message id={`${id}-message`} error={error} />
    </div>
  );
}
