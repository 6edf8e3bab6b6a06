import { useEffect, useRef, useState } from "react";
import { CHECK_IN_MESSAGES as M } from "#server/contracts/check-in";
import * as s from "./CheckIn.css";
import { qrDetector } from "./detector";
import { ScanBanner } from "./ScanBanner";
import type { useGate } from "./use-gate";

/**
 * The camera (the back one) and what it reads, with JavaScript only: a code read is sent once,
 * then not again for 3 seconds. Loaded on this page alone (React.lazy), with the decoder.
 */
export default function LiveDesk({ gate }: { gate: ReturnType<typeof useGate> }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState("");
  const { submit } = gate;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { code: "", at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = await qrDetector();
        const tick = async () => {
          if (stopped || !video.current) return;
          try {
            const [found] = await detector.detect(video.current);
            const now = Date.now();
            if (found?.rawValue && (found.rawValue !== last.code || now - last.at > 3000)) {
              Object.assign(last, { code: found.rawValue, at: now });
              await submit({ code: found.rawValue });
            }
          } catch {
            // A frame the decoder could not read: try the next.
          }
          timer = setTimeout(tick, 250);
        };
        void tick();
      } catch {
        setProblem("No camera: type the ticket code below");
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [submit]);

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
