#include "llm/ChatStreamDecoder.h"

#include "core/Utf8.h"
#include "llm/OpenAiProtocol.h"

#include <nlohmann/json.hpp>

namespace engram {

ChatStreamDecoder::ChatStreamDecoder(LlmError::Context context)
    : m_context(std::move(context))
{}

QStringList ChatStreamDecoder::feed(QByteArrayView bytes)
{
    QStringList pieces;
    if (m_error)
        return pieces;
    for (const SseEvent& event : m_sse.feed(bytes)) {
        handleEvent(event, pieces);
        if (m_error)
            return pieces;
    }
    if (m_sse.pendingBytes() > kMaxEventBytes)
        m_error = LlmError::tooLarge(kMaxEventBytes);
    return pieces;
}

void ChatStreamDecoder::handleEvent(const SseEvent& event, QStringList& pieces)
{
    if (event.event == "error") {
        m_error = LlmError::fromErrorObject(event.data, m_context);
        return;
    }
    if (handleChunk(event.data, pieces))
        return;
    // Some servers put several "data:" lines in one event instead of one event per chunk.
    const QList<QByteArray> lines = event.data.split('\n');
    if (lines.size() > 1) {
        const ChatResult before = m_result;
        bool all = true;
        QStringList linePieces;
        for (const QByteArray& line : lines)
            all = all && (line.trimmed().isEmpty() || handleChunk(line, linePieces));
        if (all) {
            pieces += linePieces;
            return;
        }
        m_result = before; // an unreadable event adds nothing, not even the text of its readable lines
    }
    if (!m_error)
        m_error = LlmError::unreadable(QString::fromUtf8(event.data.left(200)).simplified());
}

// Reads one chunk; false when it is not JSON or not a chunk (the caller decides what that means).
bool ChatStreamDecoder::handleChunk(QByteArrayView data, QStringList& pieces)
{
    try {
        const auto j = nlohmann::json::parse(data.begin(), data.end());
        if (!j.is_object())
            return false;
        if (j.contains("error") && !j["error"].is_null()) {
            m_error = LlmError::fromErrorObject(data.toByteArray(), m_context);
            return true;
        }
        if (const auto usage = openai::parseUsage(j))
            m_result.usage = usage;
        if (j.contains("model") && j["model"].is_string())
            m_result.model = QString::fromStdString(j["model"].get<std::string>());
        const auto choices = j.find("choices");
        if (choices == j.end() || !choices->is_array())
            return true; // a usage-only chunk, or a server's keep-alive object
        for (const auto& choice : *choices) {
            const auto delta = choice.find("delta");
            if (delta != choice.end() && delta->is_object()) {
                const auto content = delta->find("content");
                if (content != delta->end() && content->is_string()) {
                    const QString piece = utf8::decode(content->get_ref<const std::string&>());
                    if (!piece.isEmpty()) {
                        m_result.text += piece;
                        pieces.append(piece);
                    }
                }
            }
            const auto reason = choice.find("finish_reason");
            if (reason != choice.end() && reason->is_string())
                m_result.finishReason = QString::fromStdString(reason->get<std::string>());
        }
        return true;
    } catch (const nlohmann::json::exception&) {
        return false;
    }
}

} // namespace engram
