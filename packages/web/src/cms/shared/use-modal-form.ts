import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../ui/feedback';
import { fieldErrorsOf, type FieldError, type FieldErrorRules } from './field-errors';

export interface ModalFormOptions<V, R> extends FieldErrorRules {
  /** Sends the validated values to the server; rejects with its refusal. */
  save: (values: V) => Promise<R>;
  /** The message shown once the server has taken the values. */
  success: string;
  /** After the success message: the dialog is closed (by its parent, mostly) and lists refreshed. */
  onSaved: (result: R) => void | Promise<void>;
  /** What to tell the person about a refusal that belongs on no field; the refusal itself by default. */
  shownAs?: (error: unknown) => unknown;
  /**
   * Where a refusal belongs, for a form whose messages need the values sent (the SIP trunk's
   * name the refused address or number); `fieldErrorsOf` with the rules above by default.
   */
  placeErrors?: (error: unknown, values: V) => FieldError[];
}

/** A dialog's form as `FormModal` shows it. */
export interface ModalForm<V> {
  form: FormInstance<V>;
  /** A save is on its way: the OK button spins. */
  saving: boolean;
  /** Validates, saves, and says how it went: on the fields a refusal is about, else as a message. */
  submit: () => Promise<void>;
}

/** The form of a dialog (see `FormModal`), or of a section, that saves one thing through the API. */
export function useModalForm<V, R = void>(options: ModalFormOptions<V, R>): ModalForm<V> {
  const { fail, formInvalid, done } = useFeedback();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      // The fields say what is wrong; the message says that something is.
      formInvalid();
      return;
    }
    setSaving(true);
    try {
      const result = await options.save(values);
      done(options.success);
      await options.onSaved(result);
    } catch (error) {
      // Any form: the fields are named by the server's answer, not by the form's value type.
      const anyForm: FormInstance = form;
      const fields = Object.keys(anyForm.getFieldsValue(true) as Record<string, unknown>);
      const placed = options.placeErrors ? options.placeErrors(error, values) : fieldErrorsOf(error, fields, options);
      if (placed.length) anyForm.setFields(placed);
      else fail(options.shownAs ? options.shownAs(error) : error);
    } finally {
      setSaving(false);
    }
  };

  return { form, saving, submit };
}
