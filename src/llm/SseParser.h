#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace engram {

// One Server-Sent Event: its type (empty means "message") and its data lines joined by "\n".
struct SseEvent
{
    QByteArray event;
    QByteArray data;
    QByteArray id;

    friend bool operator==(const SseEvent&, const SseEvent&) = default;
};

// Turns the bytes of a text/event-stream into events, as the WHATWG rules say: lines end in LF,
// CRLF or CR; ":" starts a comment; a blank line ends an event; several "data:" lines join with
// "\n". Bytes may be split anywhere (inside a line, inside a UTF-8 character): nothing is decoded
// until a whole line is in. Pure: no I/O, no timers. A "data: [DONE]" event ends the stream; the
// parser then ignores the rest.
class SseParser final
{
public:
    // The events completed by these bytes, in order.
    QList<SseEvent> feed(QByteArrayView bytes);
    // Whether "[DONE]" has been seen. The [DONE] event itself is not returned.
    bool isDone() const { return m_done; }
    // Bytes received but not yet part of a complete event (a half line or an unterminated event).
    bool hasPendingData() const { return !m_line.isEmpty() || m_hasData || !m_current.event.isEmpty(); }
    // How many bytes are held for the line and the event not yet complete.
    qsizetype pendingBytes() const { return m_line.size() + m_current.data.size() + m_current.event.size(); }
    void reset();

private:
    void processLine(QByteArrayView line, QList<SseEvent>& out);
    void dispatch(QList<SseEvent>& out);

    QByteArray m_line; // the unterminated line so far
    SseEvent m_current;
    bool m_hasData{};
    bool m_done{};
    bool m_lastWasCr{}; // a CR ended the last line: an LF right after it belongs to it
    bool m_started{};   // a leading UTF-8 byte-order mark has been dealt with
};

} // namespace engram
