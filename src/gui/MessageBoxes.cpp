#include "MessageBoxes.h"

#include <QAbstractButton>

namespace engram {
namespace {

QMessageBox::StandardButton g_nextAnswer = QMessageBox::NoButton;
QMessageBox::StandardButton g_defaultAnswer = QMessageBox::NoButton;
QString g_lastText;

} // namespace

QMessageBox::StandardButton MessageBoxes::question(QWidget* parent, const QString& title, const QString& text,
                                                   QMessageBox::StandardButtons buttons,
                                                   QMessageBox::StandardButton defaultButton)
{
    return ask(parent, QMessageBox::Question, title, text, buttons, defaultButton);
}

void MessageBoxes::warning(QWidget* parent, const QString& title, const QString& text)
{
    ask(parent, QMessageBox::Warning, title, text, QMessageBox::Ok, QMessageBox::Ok);
}

void MessageBoxes::information(QWidget* parent, const QString& title, const QString& text)
{
    ask(parent, QMessageBox::Information, title, text, QMessageBox::Ok, QMessageBox::Ok);
}

void MessageBoxes::critical(QWidget* parent, const QString& title, const QString& text)
{
    ask(parent, QMessageBox::Critical, title, text, QMessageBox::Ok, QMessageBox::Ok);
}

QMessageBox::StandardButton MessageBoxes::choose(QWidget* parent, const QString& title, const QString& text,
                                                 const QList<QPair<QMessageBox::StandardButton, QString>>& choices,
                                                 QMessageBox::StandardButton defaultButton)
{
    QMessageBox::StandardButtons buttons;
    for (const auto& choice : choices)
        buttons |= choice.first;
    return ask(parent, QMessageBox::Question, title, text, buttons, defaultButton, choices);
}

void MessageBoxes::setNextAnswer(QMessageBox::StandardButton answer)
{
    g_nextAnswer = answer;
}

void MessageBoxes::setDefaultAnswer(QMessageBox::StandardButton answer)
{
    g_defaultAnswer = answer;
}

QString MessageBoxes::lastText()
{
    return g_lastText;
}

void MessageBoxes::clearLastText()
{
    g_lastText.clear();
}

QMessageBox::StandardButton MessageBoxes::ask(QWidget* parent, QMessageBox::Icon icon, const QString& title,
                                              const QString& text, QMessageBox::StandardButtons buttons,
                                              QMessageBox::StandardButton defaultButton,
                                              const QList<QPair<QMessageBox::StandardButton, QString>>& labels)
{
    g_lastText = text;
    if (g_nextAnswer != QMessageBox::NoButton) {
        const auto answer = std::exchange(g_nextAnswer, QMessageBox::NoButton);
        return answer;
    }
    if (g_defaultAnswer != QMessageBox::NoButton)
        return g_defaultAnswer;
    QMessageBox box(icon, title, text, buttons, parent);
    box.setDefaultButton(defaultButton);
    for (const auto& label : labels) {
        if (QAbstractButton* button = box.button(label.first))
            button->setText(label.second);
    }
    return static_cast<QMessageBox::StandardButton>(box.exec());
}

} // namespace engram
