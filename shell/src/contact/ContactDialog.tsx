import { useState, type FormEvent } from 'react';
import { inquiryTypes, type InquiryType } from '@store/contracts';
import { getErrorMessage, getFieldErrors } from '@store/http';
import { sessionStore, useSession } from '@store/session';
import { Banner, Button, Dialog, FormField, Input, Select, Textarea, toast } from '@store/ui';
import { Form } from '../auth/formStyles';
import { sendContactMessage } from './api/send-contact-message';

export { inquiryTypes };

/**
 * Contact Us (SPEC.md section 2): sent to the support inbox (POST support/messages). The form itself
 * shows no validation (SPEC.md section 5); what the server refuses is shown at its field. A signed-in
 * shopper is answered at their account's e-mail; a signed-out visitor gives one.
 */
export default function ContactDialog() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const [type, setType] = useState<InquiryType>(inquiryTypes[0]);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => sessionStore.getState().closeDialog();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    setFailure(null);
    try {
      const data = await sendContactMessage({
        inquiry_type: type,
        subject,
        message,
        ...(isAuthenticated ? {} : { email }),
      });
      toast.success(data.message);
      close();
    } catch (error) {
      const fields = getFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(getErrorMessage(error, 'Your message could not be sent.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={close}
      title="Contact Us"
      description="We usually answer within one business day."
      width="32rem"
    >
      <Form onSubmit={(event) => void submit(event)} noValidate>
        {failure && <Banner tone="error">{failure}</Banner>}
        <FormField label="Type of Inquiry" htmlFor="contact-type">
          <Select id="contact-type" value={type} onChange={(e) => setType(e.target.value as InquiryType)}>
            {inquiryTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </FormField>
        {!isAuthenticated && (
          <FormField
            label="Your email"
            htmlFor="contact-email"
            error={errors.email}
            hint="So we can answer you. Signed-in shoppers are answered at their account's e-mail."
          >
            <Input
              id="contact-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
        )}
        <FormField label="Subject" htmlFor="contact-subject" error={errors.subject}>
          <Input id="contact-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        </FormField>
        <FormField label="Message" htmlFor="contact-message" error={errors.message}>
          <Textarea id="contact-message" value={message} onChange={(e) => setMessage(e.target.value)} />
        </FormField>
        <Button type="submit" $variant="primary" $block disabled={pending}>
          {pending ? 'Sending...' : 'Send Message'}
        </Button>
      </Form>
    </Dialog>
  );
}
