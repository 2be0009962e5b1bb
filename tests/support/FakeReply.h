#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>

namespace engram::test {

// One HTTP request FakeLlmServer received, kept for assertions.
struct RecordedRequest
{
    QByteArray method;                    // "POST", "GET"
    QString path;                         // "/v1/chat/completions"
    QMap<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;
    nlohmann::json json; // the body parsed; null when it is not JSON

    QByteArray header(const QByteArray& name) const { return headers.value(name.toLower()); }
    bool isChat() const { return path.endsWith(QLatin1String("/chat/completions")); }
    bool isEmbeddings() const { return path.endsWith(QLatin1String("/embeddings")); }
    bool isModels() const { return path.endsWith(QLatin1String("/models")); }
    bool isStream() const;
    bool wantsJsonObject() const;  // response_format {"type":"json_object"}
    bool wantsStreamUsage() const; // stream_options {"include_usage":true}
    // A chat request for memory extraction: JSON mode, or a system prompt that asks to extract
    // facts (mentions "extract" or a "facts" JSON key).
    bool isExtraction() const;
    // A JSON request for a summary of evicted messages (its system prompt shows a "summary" key).
    bool isSummary() const;
    QString model() const;
    QString systemPrompt() const; // the first system message
    QString lastUserMessage() const;
    QStringList embeddingInputs() const;
};

using FakeMatcher = std::function<bool(const RecordedRequest&)>;

// Ready-made matchers, to script extraction and conversation replies separately.
namespace FakeMatch {
FakeMatcher any();
FakeMatcher chat();       // chat completions that are not extraction
FakeMatcher extraction(); // see RecordedRequest::isExtraction
FakeMatcher streaming();  // chat completions with "stream": true
FakeMatcher embeddings();
FakeMatcher models();
} // namespace FakeMatch

// A scripted answer. Text replies adapt to the request: an SSE stream when it asked to stream,
// a chat.completion JSON otherwise. The with…() modifiers return a changed copy, e.g.
//   server.enqueue(FakeReply::stream(QStringLiteral("你好🙂"), 1));
//   server.enqueue(FakeReply::error(429, QStringLiteral("slow down")).withRetryAfter(1));
class FakeReply final
{
public:
    enum class Kind
    {
        Default,
        Text,
        Error,
        Raw,
        Embeddings,
        Models
    };

    // What the server answers when nothing is scripted (echo, extraction JSON, hashed embeddings).
    static FakeReply defaultReply();
    static FakeReply text(const QString& text);
    // Text, sent in `chunkBytes`-byte network pieces with a short pause between (0: one per event).
    static FakeReply stream(const QString& text, int chunkBytes = 0);
    // A JSON-object reply: the object, serialised, is the message content.
    static FakeReply json(const nlohmann::json& object);
    // An OpenAI-style error: {"error":{"message","type","code"}} with this HTTP status.
    static FakeReply error(int status, const QString& message, const QString& type = {}, const QString& code = {});
    // Any status and body, e.g. an HTML page or garbage.
    static FakeReply raw(int status, const QByteArray& body, const QByteArray& contentType = "text/plain");
    // The same with UTF-8 literals, for brevity in tests: FakeReply::error(429, "rate limited").
    static FakeReply text(const char* utf8) { return text(QString::fromUtf8(utf8)); }
    static FakeReply stream(const char* utf8, int chunkBytes = 0)
    {
        return stream(QString::fromUtf8(utf8), chunkBytes);
    }
    static FakeReply error(int status, const char* utf8) { return error(status, QString::fromUtf8(utf8)); }
    static FakeReply embeddings(const QList<QList<float>>& vectors);
    static FakeReply models(const QStringList& ids);
    // The default reply after `ms` of silence (before the status line).
    static FakeReply stall(int ms);
    // The default reply, with the connection closed after `bytes` bytes of its body.
    static FakeReply dropAfter(int bytes);

    FakeReply withRetryAfter(int seconds) const;
    FakeReply withRetryAfter(const QByteArray& value) const; // e.g. an HTTP date
    FakeReply withHeader(const QByteArray& name, const QByteArray& value) const;
    // Body in `bytes`-byte pieces, each flushed on its own, `delayMs` apart.
    FakeReply withChunkBytes(int bytes, int delayMs = 1) const;
    // Body cut at these byte offsets instead, each piece flushed on its own, `delayMs` apart.
    FakeReply withCutsAt(const QList<int>& offsets, int delayMs = 1) const;
    // Characters of text per SSE event (default 3; a piece never splits a surrogate pair).
    FakeReply withDeltaChars(int chars) const;
    FakeReply withStallBefore(int ms) const;
    // Silence of `ms` once `bytes` bytes of the body have been sent.
    FakeReply withStallAfter(int bytes, int ms) const;
    FakeReply withDropAfter(int bytes) const;
    // The finish_reason of the last chunk; empty: no finish chunk at all.
    FakeReply withFinishReason(const QString& reason) const;
    FakeReply withoutDone() const; // no "data: [DONE]" at the end of a stream
    // A stream that never ends: after the text, no finish and no [DONE], but every `intervalMs` a
    // ": keep-alive" comment (or, with `emptyDeltas`, a chunk whose content is ""), until the client
    // hangs up. Only a whole-reply deadline ends it.
    FakeReply withEndlessKeepAlive(int intervalMs, bool emptyDeltas = false) const;
    // After the text, an {"error":{…}} event in the stream (and no finish, no [DONE]).
    FakeReply withStreamError(const QString& message, const QString& code = {}) const;
    // Streams even when the request did not ask to (or answers whole when false).
    FakeReply withForcedStreaming(bool stream) const;

    Kind kind() const { return m_kind; }

private:
    friend struct FakeResponseBuilder;

    // A copy with `change` applied: the shape of every with…() modifier.
    template <typename Change>
    FakeReply changed(Change change) const
    {
        FakeReply r = *this;
        change(r);
        return r;
    }

    Kind m_kind{Kind::Default};
    QString m_text;
    int m_status{200};
    QByteArray m_rawBody;
    QByteArray m_contentType;
    QString m_errorMessage;
    QString m_errorType;
    QString m_errorCode;
    QList<QList<float>> m_vectors;
    QStringList m_models;
    QList<QPair<QByteArray, QByteArray>> m_headers;
    int m_chunkBytes{};
    int m_chunkDelayMs{};
    QList<int> m_cuts;
    int m_deltaChars{3};
    int m_stallBeforeMs{};
    int m_stallAfterBytes{-1};
    int m_stallAfterMs{};
    int m_dropAfterBytes{-1};
    QString m_finishReason{QStringLiteral("stop")};
    bool m_sendDone{true};
    int m_keepAliveMs{};
    bool m_keepAliveEmptyDeltas{};
    QString m_streamErrorMessage;
    QString m_streamErrorCode;
    std::optional<bool> m_forceStreaming;
};

} // namespace engram::test
