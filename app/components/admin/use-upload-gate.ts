import { useCallback, useRef, useState, type FormEvent } from "react";
import { COVER_WAIT_MS } from "~/lib/constants";
import type { ArticleImagesState } from "./ArticleImages";

export const UPLOAD_PENDING_MESSAGE = "L'image est en cours de traitement. Veuillez réessayer dans quelques secondes.";

/**
 * A form sent while an image is still uploading (product §5): it waits 2 s for the upload to end and is then sent,
 * or says the image is still being processed. Returns the state to give `ArticleImages` and a check to run first
 * in the form's onSubmit (true when the form may go now).
 */
export function useUploadGate() {
  const [images, setImages] = useState<ArticleImagesState>({ uploading: false, failedAnnexes: 0 });
  const uploading = useRef(false);
  const [waiting, setWaiting] = useState(false);
  const [pendingMessage, setPendingMessage] = useState<string | null>(null);

  const onImagesChange = useCallback((state: ArticleImagesState) => {
    uploading.current = state.uploading;
    setImages(state);
    if (!state.uploading) setPendingMessage(null);
  }, []);

  function allowSubmit(event: FormEvent<HTMLFormElement>): boolean {
    if (!uploading.current) return true;
    event.preventDefault();
    if (waiting) return false;
    const form = event.currentTarget;
    // The button pressed says what the form asks (publish, draft, schedule): it is pressed again once ready.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    setWaiting(true);
    setPendingMessage(null);
    const started = Date.now();
    const poll = setInterval(() => {
      if (!uploading.current) {
        clearInterval(poll);
        setWaiting(false);
        form.requestSubmit(submitter);
      } else if (Date.now() - started >= COVER_WAIT_MS) {
        clearInterval(poll);
        setWaiting(false);
        setPendingMessage(UPLOAD_PENDING_MESSAGE);
      }
    }, 100);
    return false;
  }

  return { images, onImagesChange, allowSubmit, pendingMessage };
}
