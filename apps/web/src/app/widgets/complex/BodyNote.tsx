/** A centred note over a widget body: empty, loading or "not configured" states. */
export function BodyNote({ text, subtle, testId }: { text: string; subtle?: boolean; testId?: string }) {
  return (
    <div
      data-testid={testId}
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: subtle ? 'flex-start' : 'center',
        justifyContent: subtle ? 'flex-end' : 'center',
        padding: 8,
        color: '#64748b',
        fontSize: 12,
        textAlign: 'center',
        pointerEvents: 'none',
      }}
    >
      {text}
    </div>
  );
}
