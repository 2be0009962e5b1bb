#include "TextPrompt.h"

#include <QInputDialog>

namespace engram {

std::optional<std::optional<QString>> TextPrompt::s_next;

std::optional<QString> TextPrompt::ask(QWidget* parent, const QString& title, const QString& label,
                                       const QString& initial)
{
    std::optional<QString> answer;
    if (s_next) {
        answer = *s_next;
        s_next.reset();
    } else {
        bool ok{};
        const QString text = QInputDialog::getText(parent, title, label, QLineEdit::Normal, initial, &ok);
        if (ok)
            answer = text;
    }
    if (!answer || answer->trimmed().isEmpty())
        return std::nullopt;
    return answer->trimmed();
}

void TextPrompt::setNextText(std::optional<QString> text)
{
    s_next = std::move(text);
}

} // namespace engram
