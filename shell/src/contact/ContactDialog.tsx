import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { sessionStore } from '@store/session';
import { Button, Dialog, FormField, Input, Select, Textarea } from '@store/ui';
import { Form } from '../auth/formStyles';

export const inquiryTypes = ['General Inquiry', 'Order Support', 'Returns & Refunds', 'Technical Support'] as const;

/** Contact Us (SPEC.md section 2): no submit call is specified, so it confirms locally. */
export default function ContactDialog() {
  const [type, setType] = useState<string>(inquiryTypes[0]);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const close = () => sessionStore.getState().closeDialog();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    toast.success('Thanks! Your message has been sent. We will reply within one business day.');
    close();
  };
  return (
    <Dialog
      open
      onClose={close}
      title="Contact Us"
      description="We usually answer within one business day."
      width="32rem"
    >
      <Form onSubmit={submit}>
        <FormField label="Type of Inquiry" htmlFor="contact-type">
          <Select id="contact-type" value={type} onChange={(e) => setType(e.target.value)}>
            {inquiryTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Subject" htmlFor="contact-subject">
          <Input id="contact-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        </FormField>
        <FormField label="Message" htmlFor="contact-message">
          <Textarea id="contact-message" value={message} onChange={(e) => setMessage(e.target.value)} />
        </FormField>
        <Button type="submit" $variant="primary" $block>
          Send Message
        </Button>
      </Form>
    </Dialog>
  );
}
