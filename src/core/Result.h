#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace engram {

// What went wrong, as a value: a category a caller can branch on and a sentence a user can read.
struct Error
{
    enum class Code
    {
        InvalidInput, // the caller's data is malformed or out of range
        NotFound,     // the id or key names nothing this user owns
        Database,     // SQLite refused or failed
        NotEngram,    // the file is not an Engram database, or is corrupt
        Io,           // a file could not be read or written
        Network,      // the model endpoint could not be reached or failed
        Conflict,     // the operation clashes with the current state (e.g. nothing to undo)
    };

    Code code{Code::InvalidInput};
    QString message;

    static Error invalid(QString text) { return {Code::InvalidInput, std::move(text)}; }
    static Error notFound(QString text) { return {Code::NotFound, std::move(text)}; }
    static Error database(QString text) { return {Code::Database, std::move(text)}; }
};

// Either a value or an Error. Small on purpose: engram code never throws across its own API.
template <typename T>
class [[nodiscard]] Result final
{
public:
    Result(T value)
        : m_data(std::move(value))
    {}
    Result(Error error)
        : m_data(std::move(error))
    {}

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T& value() const& { return std::get<0>(m_data); }
    T& value() & { return std::get<0>(m_data); }
    T&& value() && { return std::get<0>(std::move(m_data)); }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }

    const Error& error() const { return std::get<1>(m_data); }
    QString errorMessage() const { return ok() ? QString() : error().message; }

private:
    std::variant<T, Error> m_data;
};

// Result of an operation that yields nothing but may fail.
template <>
class [[nodiscard]] Result<void> final
{
public:
    Result() = default;
    Result(Error error)
        : m_error(std::move(error))
    {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return *m_error; }
    QString errorMessage() const { return ok() ? QString() : m_error->message; }

private:
    std::optional<Error> m_error;
};

using Status = Result<void>;

} // namespace engram
