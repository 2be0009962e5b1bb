#include "llm/SseParser.h"

namespace engram {

QList<SseEvent> SseParser::feed(QByteArrayView bytes)
{
    QList<SseEvent> out;
    qsizetype i = 0;
    while (i < bytes.size() && !m_done) {
        const char c = bytes[i];
        if (m_lastWasCr) {
            m_lastWasCr = false;
            if (c == '\n') {
                ++i;
                continue;
            }
        }
        if (c == '\n' || c == '\r') {
            m_lastWasCr = c == '\r';
            processLine(m_line, out);
            m_line.clear();
            ++i;
            continue;
        }
        // Copy the run up to the next line break in one go: streams are mostly long data lines.
        qsizetype end = i;
        while (end < bytes.size() && bytes[end] != '\n' && bytes[end] != '\r')
            ++end;
        m_line.append(bytes.sliced(i, end - i));
        i = end;
        if (!m_started && m_line.size() >= 3) {
            m_started = true;
            if (m_line.startsWith("\xEF\xBB\xBF"))
                m_line.remove(0, 3);
        }
    }
    return out;
}

void SseParser::reset()
{
    *this = SseParser();
}

void SseParser::processLine(QByteArrayView line, QList<SseEvent>& out)
{
    m_started = true;
    if (line.isEmpty()) {
        dispatch(out);
        return;
    }
    if (line.front() == ':')
        return; // a comment, e.g. ": keep-alive" or OpenRouter's ": OPENROUTER PROCESSING"
    const qsizetype colon = line.indexOf(':');
    const QByteArrayView field = colon < 0 ? line : line.first(colon);
    QByteArrayView value = colon < 0 ? QByteArrayView() : line.sliced(colon + 1);
    if (value.startsWith(' '))
        value = value.sliced(1);
    if (field == "data") {
        if (m_hasData)
            m_current.data.append('\n');
        m_current.data.append(value);
        m_hasData = true;
    } else if (field == "event") {
        m_current.event = value.toByteArray();
    } else if (field == "id") {
        m_current.id = value.toByteArray();
    }
    // "retry" and unknown fields are ignored, as the standard says.
}

void SseParser::dispatch(QList<SseEvent>& out)
{
    if (m_hasData) {
        if (m_current.data.trimmed() == "[DONE]")
            m_done = true;
        else
            out.append(m_current);
    }
    m_current = SseEvent();
    m_hasData = false;
}

} // namespace engram
