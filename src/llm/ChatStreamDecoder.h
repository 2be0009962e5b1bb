#pragma once

#include "llm/LlmError.h"
#include "llm/LlmTypes.h"
#include "llm/SseParser.h"

#include <QStringList>

#include <optional>

namespace engram {

// The largest single event (or unterminated line) a stream may hold: a server that never ends a
// line must not fill the memory. Far above one chunk of a real stream, even the whole of a
// kMaxReplyChars reply sent as one event.
inline constexpr qsizetype kMaxEventBytes = qsizetype{16} << 20;

// Reads a streamed chat completion: SSE events whose data are chat.completion.chunk objects.
// Collects the text, the finish reason, the usage and the model, and notices an error the server
// reports inside the stream (an "error" event or an {"error":{…}} chunk) or data that is not
// JSON. Pure, like SseParser: bytes in, text pieces out.
class ChatStreamDecoder final
{
public:
    explicit ChatStreamDecoder(LlmError::Context context = {});

    // The text pieces these bytes completed, in order. Nothing once done or failed.
    QStringList feed(QByteArrayView bytes);

    // Whether the stream ended well with [DONE]. Never after a failure: the bytes after one are not
    // read, so whether [DONE] was among them would depend on how the bytes were cut.
    bool isDone() const { return !m_error && m_sse.isDone(); }
    bool hasFailed() const { return m_error.has_value(); }
    const std::optional<LlmError>& error() const { return m_error; }
    // Whether the server said why it stopped (a finish_reason), with or without [DONE].
    bool hasFinishReason() const { return !m_result.finishReason.isEmpty(); }
    // Everything so far: the full text once done, the partial text after a failure.
    const ChatResult& result() const { return m_result; }

private:
    void handleEvent(const SseEvent& event, QStringList& pieces);
    bool handleChunk(QByteArrayView data, QStringList& pieces);

    LlmError::Context m_context;
    SseParser m_sse;
    ChatResult m_result;
    std::optional<LlmError> m_error;
};

} // namespace engram
