import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Select, { components, type InputProps, type StylesConfig } from 'react-select';

export interface Option {
  value: string;
  label: string;
}

type Common = {
  id: string;
  label: string;
  options: Option[];
  error?: string | undefined;
  isLoading?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
};

type Props = Common &
  (
    | { isMulti: true; value: string[]; onChange: (value: string[]) => void }
    | { isMulti?: false; value: string; onChange: (value: string) => void }
  );

/** Contrast of placeholder and border raised to WCAG AA; the rest is react-select's own look. */
const stylesFor = (invalid: boolean): StylesConfig<Option, boolean> => ({
  control: (base, state) => ({
    ...base,
    minHeight: 42,
    borderRadius: 8,
    borderColor: state.isFocused ? '#0b74c7' : invalid ? '#dc2626' : '#64748b',
    boxShadow: state.isFocused ? '0 0 0 1px #0b74c7' : 'none',
  }),
  placeholder: (base) => ({ ...base, color: '#475569' }),
  indicatorSeparator: (base) => ({ ...base, backgroundColor: '#64748b' }),
  dropdownIndicator: (base) => ({ ...base, color: '#475569' }),
  clearIndicator: (base) => ({ ...base, color: '#475569' }),
  noOptionsMessage: (base) => ({ ...base, color: '#475569' }),
  loadingMessage: (base) => ({ ...base, color: '#475569' }),
  multiValue: (base) => ({ ...base, backgroundColor: '#dbeefe' }),
  multiValueLabel: (base) => ({ ...base, color: '#0f172a' }),
  option: (base, state) => ({
    ...base,
    color: state.isSelected ? '#fff' : '#0f172a',
    backgroundColor: state.isSelected ? '#0962a8' : state.isFocused ? '#dbeefe' : '#fff',
  }),
  menu: (base) => ({ ...base, zIndex: 20 }),
});

/**
 * react-select's input, described by the field's message as well as by react-select's own texts: not every screen
 * reader reads aria-errormessage.
 */
function DescribedInput(props: InputProps<Option, boolean>) {
  const message = props.selectProps['aria-errormessage'];
  const describedBy = [props['aria-describedby'], message].filter(Boolean).join(' ') || undefined;
  return <components.Input {...props} aria-describedby={describedBy} />;
}

/**
 * A labelled react-select with its validation message. It shows react-select's own texts,
 * which are those of spec section 8: 'Select...', 'Loading...' and 'No options'.
 */
export function SelectField(props: Props) {
  const { id, label, options, error, isLoading, disabled, onBlur } = props;
  const errorId = `${id}-error`;
  const selected = props.isMulti
    ? options.filter((o) => props.value.includes(o.value))
    : (options.find((o) => o.value === props.value) ?? null);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Select<Option, boolean>
        inputId={id}
        name={id}
        options={options}
        value={selected}
        isMulti={props.isMulti ?? false}
        isLoading={isLoading ?? false}
        isDisabled={disabled ?? false}
        isClearable={props.isMulti ? true : false}
        closeMenuOnSelect={!props.isMulti}
        onBlur={onBlur}
        aria-invalid={error ? true : false}
        aria-errormessage={error ? errorId : undefined}
        styles={stylesFor(Boolean(error))}
        components={{ Input: DescribedInput }}
        onChange={(next) => {
          if (props.isMulti) props.onChange(Array.isArray(next) ? next.map((o: Option) => o.value) : []);
          else props.onChange(next && !Array.isArray(next) ? (next as Option).value : '');
        }}
      />
      {error && (
        <p id={errorId} aria-live="polite" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type BoundProps<T extends FieldValues> = Omit<Common, 'id' | 'error' | 'onBlur'> & {
  control: Control<T>;
  name: Path<T>;
  isMulti?: boolean;
  /** Runs after the form has the new value, e.g. to clear fields that no longer apply. */
  afterChange?: (value: string | string[]) => void;
};

/** A SelectField bound to a react-hook-form field: its value, its changes, and its message. */
export function BoundSelectField<T extends FieldValues>({ control, name, isMulti, afterChange, ...rest }: BoundProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const common = { ...rest, id: name, onBlur: field.onBlur, error: fieldState.error?.message };
        const change = (value: string | string[]) => {
          field.onChange(value);
          afterChange?.(value);
        };
        return isMulti ? (
          <SelectField {...common} isMulti value={(field.value ?? []) as string[]} onChange={change} />
        ) : (
          <SelectField {...common} value={String(field.value ?? '')} onChange={change} />
        );
      }}
    />
  );
}
