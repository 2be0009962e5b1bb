#pragma once

#include "core/MemoryTypes.h"

#include <QCoreApplication>
#include <QFile>
#include <QStringList>

namespace engram::cli {

// User-visible text of the CLI (lupdate: -tr-function-alias tr+=cliTr).
inline QString cliTr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("engram-cli", text, disambiguation, n);
}

// Standard output and standard error of the CLI. Results go to stdout only, messages to stderr
// only, so a script can parse stdout. Every write is flushed: a batch reader sees each answer
// as soon as it is written.
class Output final
{
public:
    Output();

    void line(const QString& text);
    // Text as it is, no newline added: a streamed reply's pieces.
    void text(const QString& text);
    // A JSON document, indented.
    void json(const Json& value);
    // One JSON value on one line (JSON Lines).
    void jsonLine(const Json& value);
    void error(const QString& text);
    // Standard output as a device, for writers such as the exporter.
    QIODevice& device() { return m_stdout; }
    // Pushes what was written to standard output out; false when it could not be (a full disk,
    // a closed pipe), so a command never reports success for output that was lost.
    bool flush() { return m_stdout.flush() && m_stdout.error() == QFileDevice::NoError; }

private:
    void write(const QByteArray& bytes);

    QFile m_stdout;
    QFile m_stderr;
};

// Columns aligned by display width (a CJK character takes two columns); the last column is not
// padded, so long text does not leave trailing blanks.
class Table final
{
public:
    explicit Table(QStringList header);
    void addRow(QStringList cells);
    bool isEmpty() const { return m_rows.isEmpty(); }
    QString render() const;

private:
    QStringList m_header;
    QList<QStringList> m_rows;
};

// Terminal columns the text takes.
int displayWidth(const QString& text);
// One line of at most `width` columns, cut with an ellipsis.
QString elide(const QString& text, int width);
// UTF-8 for nlohmann::json.
inline std::string utf8(const QString& text)
{
    return text.toStdString();
}

} // namespace engram::cli
