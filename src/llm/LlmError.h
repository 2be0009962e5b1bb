#pragma once

#include "core/Result.h"

#include <QCoreApplication>
#include <QMetaType>
#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace engram {

// What went wrong with a model request, as a kind a caller can branch on, a sentence the user can
// read (translatable) and, when the server said something, the server's own words.
struct LlmError
{
    Q_DECLARE_TR_FUNCTIONS(LlmError)

public:
    enum class Kind
    {
        BadKey,          // 401/403: the API key is missing, wrong or lacks access
        UnknownModel,    // 404 or model_not_found: no such model at this endpoint
        RateLimited,     // 429: too many requests or no quota left
        Unreachable,     // connection refused, host not found, could not connect in time
        ServerError,     // 5xx, or an error the server reported inside a stream
        BadRequest,      // 400 and other 4xx: the server refused the request itself
        UnreadableReply, // not JSON, not SSE, or JSON without the expected fields
        Cancelled,       // the caller cancelled
        Timeout,         // the server stopped sending for longer than the idle timeout, or a streamed
                         // reply went on past its deadline
        Interrupted,     // the connection broke in the middle of a reply
    };

    // What the error message may mention: which model, which server.
    struct Context
    {
        QString model;
        QString server; // host[:port], never user info or query
        QString apiKey; // masked out of anything the server says
    };

    Kind kind{Kind::ServerError};
    int httpStatus{};                // 0 when the server gave no HTTP answer
    QString message;                 // for the user: what happened and what to do
    QString serverMessage;           // the server's error text, with the API key masked; may be empty
    QString detail;                  // technical detail from our side (e.g. "Connection refused", a body excerpt)
    QString serverCode;              // the server's error code, e.g. "model_not_found", "insufficient_quota"
    std::optional<int> retryAfterMs; // what the server asked us to wait, when it did

    // The message, followed by the server's words and the detail when there are any.
    QString text() const;
    // Whether trying the same request again may succeed.
    bool isRetryable() const;
    // As an engram::Error (code Network) for code that speaks Result<T>.
    Error toError() const;
    // A stable lower-case name for logs and scripts ("bad_key", "timeout", ...).
    static QString kindName(Kind kind);

    static LlmError cancelled();
    static LlmError timeout(int idleMs);
    // A streamed reply that was still going when its whole-reply deadline came.
    static LlmError deadline(int deadlineMs);
    // A reply larger than Engram reads (a whole JSON body, or one event of a stream).
    static LlmError tooLarge(qint64 limitBytes);
    static LlmError unreachable(const Context& context, const QString& detail = {});
    static LlmError interrupted();
    static LlmError unreadable(const QString& detail = {});
    // From an HTTP error status and its body (OpenAI-style {"error":{...}} or anything else).
    static LlmError fromHttp(int status, const QByteArray& body, const Context& context);
    // From an {"error":{...}} object the server sent inside a stream or a 200 reply.
    static LlmError fromErrorObject(const QByteArray& json, const Context& context);
};

// Either a value or an LlmError: Result<T> for model requests, keeping the error's kind.
template <typename T>
class [[nodiscard]] LlmResult final
{
public:
    LlmResult(T value)
        : m_data(std::move(value))
    {}
    LlmResult(LlmError error)
        : m_data(std::move(error))
    {}

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<0>(m_data); }
    T&& value() && { return std::get<0>(std::move(m_data)); }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }
    const LlmError& error() const { return std::get<1>(m_data); }

private:
    std::variant<T, LlmError> m_data;
};

// Replaces every occurrence of `secret` in `text` with a mask, so a server that echoes the key
// cannot make it reach a log or the screen.
QString maskSecret(QString text, const QString& secret);

} // namespace engram

Q_DECLARE_METATYPE(engram::LlmError)
