#include "Output.h"

#include <cstdio>

namespace engram::cli {
namespace {

bool isWide(char32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) || (c >= 0x1F900 && c <= 0x1F9FF) ||
           (c >= 0x20000 && c <= 0x3FFFD);
}

int widthOf(char32_t c)
{
    if (c < 0x20 || (c >= 0x7F && c < 0xA0))
        return 0;
    const QChar::Category category = QChar::category(c);
    if (category == QChar::Mark_NonSpacing || category == QChar::Mark_Enclosing || category == QChar::Other_Format)
        return 0;
    return isWide(c) ? 2 : 1;
}

QByteArray dumped(const Json& value, int indent)
{
    const std::string text = value.dump(indent, ' ', false, Json::error_handler_t::replace);
    return QByteArray(text.data(), static_cast<qsizetype>(text.size())) + '\n';
}

} // namespace

Output::Output()
{
    (void)m_stdout.open(stdout, QIODevice::WriteOnly | QIODevice::Unbuffered);
    (void)m_stderr.open(stderr, QIODevice::WriteOnly | QIODevice::Unbuffered);
}

void Output::write(const QByteArray& bytes)
{
    m_stdout.write(bytes);
    m_stdout.flush();
}

void Output::line(const QString& text)
{
    write(text.toUtf8() + '\n');
}

void Output::text(const QString& text)
{
    write(text.toUtf8());
}

void Output::json(const Json& value)
{
    write(dumped(value, 2));
}

void Output::jsonLine(const Json& value)
{
    write(dumped(value, -1));
}

void Output::error(const QString& text)
{
    m_stderr.write(QStringLiteral("engram-cli: %1\n").arg(text).toUtf8());
    m_stderr.flush();
}

int displayWidth(const QString& text)
{
    int width = 0;
    for (const char32_t c : text.toUcs4())
        width += widthOf(c);
    return width;
}

QString elide(const QString& text, int width)
{
    const QString flat = text.simplified();
    if (displayWidth(flat) <= width)
        return flat;
    QString out;
    int used = 0;
    for (const char32_t c : flat.toUcs4()) {
        const int w = widthOf(c);
        if (used + w > width - 1)
            break;
        out += QString::fromUcs4(&c, 1);
        used += w;
    }
    return out + QChar(0x2026);
}

Table::Table(QStringList header)
    : m_header(std::move(header))
{}

void Table::addRow(QStringList cells)
{
    m_rows.append(std::move(cells));
}

QString Table::render() const
{
    QList<int> widths;
    for (const QString& h : m_header)
        widths.append(displayWidth(h));
    for (const QStringList& row : m_rows) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], displayWidth(row.at(i)));
    }
    const auto renderRow = [&](const QStringList& row) {
        QString line;
        for (qsizetype i = 0; i < row.size(); ++i) {
            line += row.at(i);
            if (i + 1 < row.size())
                line += QString(widths.value(i) - displayWidth(row.at(i)) + 2, QLatin1Char(' '));
        }
        return line;
    };
    QStringList lines{renderRow(m_header)};
    for (const QStringList& row : m_rows)
        lines.append(renderRow(row));
    return lines.join(QLatin1Char('\n'));
}

} // namespace engram::cli
