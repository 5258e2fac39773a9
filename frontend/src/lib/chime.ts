let context: AudioContext | null = null;

/**
 * A short two-note chime for an incoming request or message, made with WebAudio (no sound file to load).
 * Browsers keep audio suspended until the page was used; then it stays silent and the dialog alone
 * tells.
 */
export function chime(): void {
  try {
    context ??= new AudioContext();
    const audio = context;
    void audio.resume().catch(() => undefined);
    const start = audio.currentTime + 0.01;
    [880, 1318.5].forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + index * 0.18;
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.4);
    });
  } catch {
    // no WebAudio: the dialog is enough
  }
}
