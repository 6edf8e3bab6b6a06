import { useEffect, useRef, useState } from "react";
import { CHECK_IN_MESSAGES as M } from "#server/contracts/check-in-codes";
import * as s from "./CheckIn.css";
import { type Detector, qrDetector } from "./detector";
import { ScanBanner } from "./ScanBanner";
import type { useGate } from "./use-gate";

/**
 * The camera (the back one) and what it reads, with JavaScript only: a code read is sent once,
 * then not again for 3 seconds. Loaded on this page alone (React.lazy), with the decoder.
 */
export default function LiveDesk({ gate }: { gate: ReturnType<typeof useGate> }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState("");
  // The latest `submit`, read when a code is found: the camera is not restarted when it changes.
  const submit = useRef(gate.submit);
  submit.current = gate.submit;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { code: "", at: 0 };
    // The decoder loads beside the camera, so it is kept (service worker) before any signal goes.
    let loading: Promise<Detector> | undefined = qrDetector();
    loading.catch(() => undefined);
    let detector: Detector | undefined;
    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        loading ??= qrDetector();
        detector ??= await loading;
        const [found] = await detector.detect(video.current);
        const now = Date.now();
        if (found?.rawValue && (found.rawValue !== last.code || now - last.at > 3000)) {
          Object.assign(last, { code: found.rawValue, at: now });
          await submit.current({ code: found.rawValue });
        }
      } catch {
        // A frame the decoder could not read: try the next. A decoder that did not load (no
        // network before it was kept): load it again in a while; the camera stays on.
        if (!detector) loading = undefined;
      }
      timer = setTimeout(tick, detector ? 250 : 2000);
    };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
      } catch {
        setProblem("No camera: type the ticket code below");
        return;
      }
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <>
      {gate.shown ? <ScanBanner shown={gate.shown} onClose={gate.close} /> : null}
      {gate.waiting > 0 ? (
        <p className={s.status} data-testid="waiting" role="status">
          {M.waiting(gate.waiting)}
        </p>
      ) : null}
      {problem ? (
        <p className={s.muted}>{problem}</p>
      ) : (
        <video ref={video} className={s.video} muted playsInline data-testid="camera" />
      )}
    </>
  );
}
