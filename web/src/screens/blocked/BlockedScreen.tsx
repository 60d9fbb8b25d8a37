import { MSG, SUPPORT_MESSAGE_MAX, endpoints as ep } from '@zalik/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import { haptic, setBackButtonVisible } from '../../telegram/sdk';
import { Button, FormSheet, StatusScreen, TextArea, useToast } from '../../ui';

/**
 * Everything a banned user sees: the whole app is replaced by this screen. The one thing left to
 * do is to write to support (the server lets a banned user send a support message and nothing
 * else that changes anything): an appeal, or a question about the money in the wallet.
 */
export function BlockedScreen() {
  useEffect(() => haptic.notification('error'), []);
  // A ban mid-session replaces the screen the user was on; its back button would lead nowhere.
  useEffect(() => setBackButtonVisible(false), []);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [toast, say] = useToast();
  const send = useMutation({
    mutationFn: (text: string) => {
      const form = new FormData();
      form.append('message', text);
      return call(ep.sendSupport, { body: form });
    },
    onSuccess: () => {
      haptic.notification('success');
      setOpen(false);
      setMessage('');
      say('Повідомлення надіслано. Підтримка відповість вам у Telegram.');
    },
  });
  const submit = () => {
    const text = message.trim();
    if (!text) return setError(MSG.supportMessageEmpty);
    send.mutate(text);
  };
  return (
    <StatusScreen lottie="blocked" loop={false} title="Доступ обмежено" text={MSG.blocked} testId="blocked-text">
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Написати в підтримку
      </Button>
      <FormSheet
        open={open}
        title="Написати в підтримку"
        description="Напишіть, чому, на вашу думку, доступ обмежено помилково, або що потрібно з коштами на гаманці. Відповідь прийде в Telegram."
        submitText="Надіслати"
        sending={send.isPending}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      >
        <TextArea
          label="Повідомлення"
          value={message}
          maxLength={SUPPORT_MESSAGE_MAX}
          autoGrow
          error={error}
          onChange={(e) => {
            setMessage(e.target.value);
            setError(undefined);
          }}
        />
      </FormSheet>
      {toast}
    </StatusScreen>
  );
}
